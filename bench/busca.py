"""Bench da busca (issue 13, item 3): a busca por índice ao lado da varredura de antes.

Uso: .venv/bin/python bench/busca.py [--n 100000] [--k 0] [--repeticoes 5] [--url ...]

Cria um banco (SQLite temporário, ou o de `--url`, que deve estar vazio), carrega a
demonstração e mais K processos pelos serviços (como bench/escala.py) e mais N processos
sintéticos direto nas tabelas, em lotes (autuados com nomes acentuados repetidos, embarcações,
autos em 70% deles, espalhados pelas OMs; o texto de busca de cada um, como a carga em massa).
Mede, para o usuário da Capitania (autoridade.cpsc), o tempo (melhor de R, só leitura) e o
número de comandos SQL da busca por CPF, nome, embarcação, inscrição e número do processo e
do auto, ao lado de uma consulta trivial (`SELECT 1`) e do serviço como era antes (um OR de
`LIKE '%x%'` sobre as tabelas, que as percorre inteiras, e três leituras por processo achado).
Alvo: < 100 ms (issue 13).
"""

from __future__ import annotations

import argparse
import datetime as dt
import tempfile
import time
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from escala import medir, popular
from sqlalchemy import ColumnElement, and_, func, insert, or_, select, text
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento
from farol.domain.texto import normalizar_busca, palavras_da_busca
from farol.services import busca, texto_de_busca
from farol.services.demo import cpf_de
from farol.services.jurisdicao import Ator, ator_do_usuario
from farol.services.leitura import resumo
from farol.store.db import Banco
from farol.store.migrar import atualizar_banco
from farol.store.orm import OM, AutoDeInfracao, Embarcacao, Pessoa, Processo, Usuario

LOTE = 10_000
ALVO_MS = 100.0
PRENOMES = [
    "Márcio", "João", "José", "Antônio", "Conceição", "Sebastião", "Luíza", "Inês", "Otávio",
    "Cecília", "André", "Mônica", "Fábio", "Letícia", "Vinícius", "Lúcia", "Raí", "Irene",
]  # fmt: skip
SOBRENOMES = [
    "Silva", "Santos", "Oliveira", "Souza", "Pereira", "Gonçalves", "Araújo", "Simões",
    "Magalhães", "Brandão", "Guimarães", "Falcão", "Estêvão", "Müller", "Nóbrega", "Assunção",
    "Pacheco", "Lopes", "Damásio", "Rocha", "Teixeira", "Câmara", "Peçanha", "Zimmermann",
]  # fmt: skip
BARCOS = ["Maré", "Estrela", "Gaivota", "Netuno", "Sereia", "Tainha", "Boto", "Ilha", "Pérola"]
QUALIDADES = ["Mansa", "do Sul", "Azul", "Dourada", "Cinza", "Bela", "do Mar", "Franca", "Veloz"]


# --- a busca de antes (OR de LIKE sobre as tabelas), para comparar -------------------------


def _padrao(termo: str) -> str:
    escapado = termo.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escapado}%"


def _contem(coluna: Any, termo: str) -> ColumnElement[bool]:
    return func.lower(coluna).like(_padrao(termo), escape="\\")


def _processo_casa(palavra: str) -> ColumnElement[bool]:
    nome_busca = Embarcacao.nome_busca.like(_padrao(palavra), escape="\\")
    return or_(
        _contem(Processo.numero, palavra),
        Processo.id.in_(
            select(AutoDeInfracao.processo_id).where(_contem(AutoDeInfracao.numero, palavra))
        ),
        Processo.embarcacao_id.in_(
            select(Embarcacao.id).where(or_(_contem(Embarcacao.inscricao, palavra), nome_busca))
        ),
        Processo.autuado_id.in_(
            select(Pessoa.id).where(Pessoa.nome_busca.like(_padrao(palavra), escape="\\"))
        ),
    )


def busca_antiga(s: Session, ator: Ator, termo: str) -> list[dict[str, Any]]:
    """O serviço como era: a consulta acima e o resumo de cada processo (3 leituras cada)."""
    documento = busca.documento_do_termo(termo)
    criterios = [and_(*(_processo_casa(p) for p in palavras_da_busca(termo) or [termo]))]
    if documento is not None:
        criterios.append(
            Processo.autuado_id.in_(select(Pessoa.id).where(Pessoa.documento == documento))
        )
    processos = s.execute(
        select(Processo)
        .where(Processo.om_id.in_(ator.oms), or_(*criterios))
        .order_by(Processo.id.desc())
        .limit(busca.LIMITE + 1)
    ).scalars()
    return [resumo(s, p) for p in processos]


# --- carga sintética ----------------------------------------------------------------------


def _nome(n: int) -> str:
    p, s1, s2 = n % len(PRENOMES), (n // 7) % len(SOBRENOMES), (n // 131) % len(SOBRENOMES)
    return f"{PRENOMES[p]} {SOBRENOMES[s1]} {SOBRENOMES[s2]}"


def _barco(n: int) -> str:
    return f"{BARCOS[n % len(BARCOS)]} {QUALIDADES[(n // 11) % len(QUALIDADES)]} {100 + n % 797}"


def sinteticos(banco: Banco, n: int) -> None:
    """N processos (e as suas pessoas, embarcações e autos) em lotes de LOTE linhas."""
    with banco.unit_of_work(somente_leitura=True) as s:
        oms = s.execute(select(OM.id, OM.sigla).where(OM.tipo.in_(("CP", "DL", "AG")))).all()
        estados = sorted(
            set(s.execute(select(Processo.estado).where(Processo.regime == "lesta")).scalars())
        )
    agora = dt.datetime(2025, 6, 1, 12, tzinfo=dt.UTC)
    for inicio in range(0, n, LOTE):
        faixa = range(inicio, min(n, inicio + LOTE))
        with banco.unit_of_work() as s:
            pessoas = s.execute(
                insert(Pessoa).returning(Pessoa.id, sort_by_parameter_order=True),
                [
                    {"documento": cpf_de(100_000 + i), "tipo": "fisica", "nome": _nome(i),
                     "nome_busca": normalizar_busca(_nome(i))}
                    for i in faixa
                ],
            ).scalars().all()  # fmt: skip
            barcos = s.execute(
                insert(Embarcacao).returning(Embarcacao.id, sort_by_parameter_order=True),
                [
                    {"inscricao": f"{5000000000 + i * 7}", "nome": _barco(i),
                     "nome_busca": normalizar_busca(_barco(i)), "proprietario_id": p}
                    for i, p in zip(faixa, pessoas, strict=True)
                ],
            ).scalars().all()  # fmt: skip
            linhas = []
            for i, p, b in zip(faixa, pessoas, barcos, strict=True):
                om, sigla = oms[i % len(oms)]
                linhas.append(
                    {"om_id": om, "numero": f"{2023 + i % 3}/{sigla}/{100_000 + i:06d}",
                     "regime": "lesta", "estado": estados[i % len(estados)], "autuado_id": p,
                     "embarcacao_id": b, "versao": 1, "criado_em": agora}
                )  # fmt: skip
            processos = s.execute(
                insert(Processo).returning(Processo.id, sort_by_parameter_order=True), linhas
            ).scalars().all()  # fmt: skip
            autos = [
                {"processo_id": pid, "om_id": linha["om_id"], "ano": 2023 + i % 3,
                 "sequencial": 200_000 + i,
                 "numero": f"{2023 + i % 3}/{linha['numero'].split('/')[1]}/{200_000 + i}",
                 "lavrado_em": dt.date(2025, 6, 1)}
                for i, pid, linha in zip(faixa, processos, linhas, strict=True)
                if i % 10 < 7
            ]  # fmt: skip
            s.execute(insert(AutoDeInfracao), autos)
            texto_de_busca.dos_processos(s, processos)  # gravados fora do ORM, como a carga


def _preparar_estatisticas(banco: Banco) -> None:
    """VACUUM ANALYZE no PostgreSQL (a lista pendente do GIN vai ao índice), ANALYZE no SQLite."""
    comando = "VACUUM ANALYZE" if banco.engine.dialect.name == "postgresql" else "ANALYZE"
    with banco.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
        c.exec_driver_sql(comando)


# --- medida -------------------------------------------------------------------------------


def _termos(banco: Banco, ator: Ator) -> list[tuple[str, str]]:
    """(rótulo, termo) de um processo sintético da jurisdição (o do meio)."""
    with banco.unit_of_work(somente_leitura=True) as s:
        ids = select(Processo.id).where(Processo.om_id.in_(ator.oms)).order_by(Processo.id)
        quantos = s.execute(select(func.count()).select_from(ids.subquery())).scalar_one()
        meio = s.execute(ids.offset(quantos // 2).limit(1)).scalar_one()
        p, pessoa, barco = s.execute(
            select(Processo, Pessoa, Embarcacao)
            .join(Pessoa, Pessoa.id == Processo.autuado_id)
            .join(Embarcacao, Embarcacao.id == Processo.embarcacao_id)
            .where(Processo.id == meio)
        ).one()
        auto = s.execute(
            select(AutoDeInfracao.numero).where(AutoDeInfracao.processo_id.in_(ids)).limit(1)
        ).scalar_one()
        nome = pessoa.nome.split()
        return [
            ("CPF (só dígitos)", pessoa.documento),
            ("CPF pontuado", formatar_documento(pessoa.documento)),
            ("nome comum", "SILVA"),
            ("dois nomes comuns", "silva santos"),
            ("nome e sobrenome", f"{nome[0]} {nome[-1]}".upper()),
            ("nome da embarcação", barco.nome.lower()),
            ("inscrição parcial", barco.inscricao[3:]),
            ("número do processo", p.numero.lower()),
            ("número parcial", p.numero[5:]),
            ("número do auto", auto),
            ("sem resultado", "zzqx"),
        ]


def _buscar(s: Session, ator: Ator, termo: str) -> Any:
    return busca.buscar_processos.na_sessao(s, ator, termo)


def _embarcacoes(s: Session, ator: Ator, termo: str) -> Any:
    # o papel sem dados pessoais: mede a busca, numa leitura (para o inspetor, a mesma busca e
    # uma linha no registro de acessos por proprietário sugerido)
    return busca.buscar_embarcacoes.na_sessao(s, replace(ator, papel="consulta"), termo)


def _linha(rotulo: str, ms: float, n: int, referencia: float | None = None) -> str:
    extra = "" if referencia is None else f"  ({referencia / ms:5.1f}x mais rápida)"
    falta = "" if ms <= ALVO_MS else f"  acima do alvo de {ALVO_MS:.0f} ms"
    return f"{rotulo:<40} {ms:9.2f} ms {n:4d} comandos SQL{extra}{falta}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20_000, help="processos sintéticos a mais")
    ap.add_argument("--k", type=int, default=0, help="processos a mais pelos serviços")
    ap.add_argument("--repeticoes", type=int, default=5)
    ap.add_argument("--url", default="", help="banco vazio (padrão: SQLite temporário)")
    ap.add_argument(
        "--reusar", action="store_true", help="mede o banco de `--url` já carregado, sem carregar"
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as pasta:
        url = args.url or f"sqlite:///{Path(pasta) / 'busca.sqlite3'}"
        atualizar_banco(url)
        banco = Banco.conectar(url)
        t0 = time.perf_counter()
        if not args.reusar:
            popular(banco, args.k)
            sinteticos(banco, args.n)
            _preparar_estatisticas(banco)
        criacao = time.perf_counter() - t0
        with banco.unit_of_work(somente_leitura=True) as s:
            total = s.execute(select(func.count()).select_from(Processo)).scalar_one()
            usuario = s.execute(select(Usuario).where(Usuario.login == "autoridade.cpsc"))
            ator = ator_do_usuario(s, usuario.scalar_one())
        print(f"banco: {banco.engine.dialect.name}; {total} processos ({criacao:.1f} s para criar)")
        r = args.repeticoes
        ms, n = medir(banco, lambda s: s.execute(text("SELECT 1")).scalar_one(), r)
        print(_linha("consulta trivial (SELECT 1)", ms, n))
        for rotulo, termo in _termos(banco, ator):
            antes, n_antes = medir(banco, partial(busca_antiga, ator=ator, termo=termo), r)
            ms, n = medir(banco, partial(_buscar, ator=ator, termo=termo), r)
            print(_linha(f"busca {rotulo} ({termo})"[:40], ms, n, antes))
            print(_linha("  a mesma, como antes (OR de LIKE)", antes, n_antes))
        ms, n = medir(banco, partial(_embarcacoes, ator=ator, termo="gaivota azul"), r)
        print(_linha("embarcações (gaivota azul)", ms, n))
        banco.engine.dispose()


if __name__ == "__main__":
    main()
