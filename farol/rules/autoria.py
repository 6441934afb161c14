"""Autoria material: quem responde por qual infração (RLESTA art. 7º § 3º; LESTA art. 34;
NORMAM 2023 item 3.3.1).

Uma só fonte, `normas/dados/infracoes.yaml`: cada infração diz os tipos de autor admitidos
(`autores`, chaves de `autores.yaml`) e por quê (`autoria`: as citações e a nota). Daqui saem
duas respostas:

- `resolver_autor`: o tipo de autor de uma penalidade quando não foi informado. A infração que
  admite um só tipo usa esse tipo; a que admite vários é recusada, listando-os.
- `responsaveis`: numa inspeção, as pessoas identificadas (o condutor e o proprietário) e as
  infrações que são de cada uma, com os fundamentos da autoria. A tela do resultado da
  inspeção, os processos que ela abre, a página e a API do processo e a Notificação para
  Comparecimento leem esta mesma resposta; nenhuma delas decide por conta própria.

Regras de `responsaveis` (item 3.3.1: "poderão ser considerados como autores materiais e
respondem solidária e isoladamente pelas infrações"):

1. cada papel da inspeção responde como o tipo de autor de mesmo nome; responde pela
   constatação se a infração admite esse tipo (3.3.1 a: "pelas irregularidades afetas à
   embarcação: o proprietário, o armador ou preposto"; b: "pelas irregularidades afetas à
   condução: o condutor/tripulante ...");
2. admitidos e identificados os dois, os dois respondem (3.8.2: "Quanto ao Condutor e ao
   Proprietário. Será lavrada em seu desfavor a Notificação ..."); a mesma pessoa nos dois
   papéis responde uma vez (3.8.2, nota: "Caso o proprietário da embarcação esteja conduzindo
   sem que seja habilitado, ele passa a ser o único a responder pela infração");
3. papel admitido cuja pessoa não foi identificada: respondem os outros admitidos que o foram
   (3.8.2, nota: "Na eventual impossibilidade de notificar ambos os autores materiais,
   prioriza-se autuar o proprietário da embarcação"); nenhum identificado: recusa, nomeando o
   papel que falta, em vez de notificar quem a lei não faz responder;
4. infração que nenhum papel da inspeção pode cometer (p. ex. a do Prático, RLESTA art. 25):
   recusa, nomeando a constatação e os autores admitidos.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from farol.erros import EntradaInvalida
from farol.normas.infracoes import Catalogo, Infracao, catalogo

# As pessoas que a inspeção identifica (NovaInspecao.condutor e .proprietario). Cada papel
# responde como o tipo de autor de mesmo nome em normas/dados/autores.yaml; o Comandante, o
# armador, o preposto e o prático não têm campo próprio no formulário da inspeção.
PAPEIS_DA_INSPECAO: tuple[str, ...] = ("condutor", "proprietario")

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Imputacao:
    """Uma constatação (pela posição na lista recebida) imputada a uma pessoa."""

    constatacao: int
    infracao: str
    autor_tipo: str
    fundamentos: tuple[str, ...]


@dataclass(frozen=True)
class Responsavel(Generic[K]):
    """Uma pessoa notificada, os papéis em que responde e as constatações que são dela."""

    pessoa: K
    papeis: tuple[str, ...]
    infracoes: tuple[Imputacao, ...]

    @property
    def codigos(self) -> tuple[str, ...]:
        """As infrações, sem repetir (duas constatações da mesma infração contam uma vez)."""
        return tuple(dict.fromkeys(i.infracao for i in self.infracoes))


def nome_do_autor(tipo: str, cat: Catalogo | None = None) -> str:
    """Para mensagens: o nome do tipo de autor (autores.yaml) e, entre parênteses, o id que a
    API e a CLI recebem: 'proprietário da embarcação (proprietario)'; 'armador' quando o nome é
    o próprio id; tipo não registrado: o id."""
    autor = (cat or catalogo()).autores.get(tipo)
    if autor is None or autor.nome == tipo:
        return tipo
    return f"{autor.nome} ({tipo})"


def nomes_dos_autores(tipos: Sequence[str], cat: Catalogo | None = None) -> str:
    """Os tipos de autor pelo nome, separados por vírgula (o id entre parênteses fecha cada um,
    também os nomes com vírgula: 'construtor de obra sob, sobre ou às margens das águas')."""
    cat = cat or catalogo()
    return ", ".join(nome_do_autor(t, cat) for t in tipos)


def _nomes(cat: Catalogo, tipos: Sequence[str]) -> str:
    return nomes_dos_autores(tipos, cat)


def resolver_autor(inf: Infracao, autor: str | None, cat: Catalogo | None = None) -> str:
    """O tipo de autor informado, ou, sem ele, o único que a infração admite.

    Com mais de um admitido, recusa listando-os: a autoria não se presume."""
    if autor is not None:
        return autor
    if len(inf.autores) == 1:
        return inf.autores[0]
    cat = cat or catalogo()
    raise EntradaInvalida(
        f"informe o tipo de autor material: {inf.codigo} admite {len(inf.autores)}: "
        f"{_nomes(cat, inf.autores)}",
        campo="autor",
        regra=inf.autoria.referencia(),
    )


def papeis_da_infracao(inf: Infracao) -> tuple[str, ...]:
    """Os papéis da inspeção que podem responder pela infração, na ordem de PAPEIS_DA_INSPECAO."""
    return tuple(p for p in PAPEIS_DA_INSPECAO if p in inf.autores)


def _imputar(
    n: int, inf: Infracao, pessoas: Mapping[str, K | None], cat: Catalogo
) -> list[tuple[K, str]]:
    """(pessoa, papel) de quem responde pela constatação `n`; recusa se não há ninguém."""
    papeis = papeis_da_infracao(inf)
    if not papeis:
        raise EntradaInvalida(
            f"{inf.codigo} não é imputável às pessoas que a inspeção identifica "
            f"({_nomes(cat, PAPEIS_DA_INSPECAO)}); autores materiais admitidos: "
            f"{_nomes(cat, inf.autores)}",
            campo=f"constatacoes.{n}.infracao",
            regra=inf.autoria.referencia(),
        )
    achados: list[tuple[K, str]] = []
    for papel in papeis:
        pessoa = pessoas.get(papel)
        if pessoa is not None and all(pessoa != p for p, _ in achados):
            achados.append((pessoa, papel))
    if not achados:
        faltam = [p for p in papeis if pessoas.get(p) is None]
        raise EntradaInvalida(
            f"{inf.codigo} é imputável a {_nomes(cat, papeis)}; identifique-o na inspeção",
            campo=faltam[0],
            regra=inf.autoria.referencia(),
        )
    return achados


def responsaveis(
    constatacoes: Sequence[str],
    pessoas: Mapping[str, K | None],
    cat: Catalogo | None = None,
    *,
    estrito: bool = True,
) -> tuple[Responsavel[K], ...]:
    """Pessoa -> as constatações que são dela, na ordem em que aparecem.

    `constatacoes`: o id da infração aplicável de cada constatação; `pessoas`: papel da
    inspeção (PAPEIS_DA_INSPECAO) -> a pessoa (qualquer chave: id, documento ...), ou None se
    não identificada. A mesma pessoa em dois papéis é uma só. `estrito=False` (leitura de uma
    inspeção já gravada) deixa de fora, em vez de recusar, a constatação sem responsável."""
    cat = cat or catalogo()
    ordem: list[K] = []
    papeis: dict[K, list[str]] = {}
    infracoes: dict[K, list[Imputacao]] = {}
    for n, codigo in enumerate(constatacoes):
        inf = cat.infracao(codigo)
        fundamentos = tuple(dict.fromkeys(c.referencia() for c in inf.autoria.fontes))
        try:
            imputados = _imputar(n, inf, pessoas, cat)
        except EntradaInvalida:
            if estrito:
                raise
            continue
        for pessoa, papel in imputados:
            if pessoa not in papeis:
                ordem.append(pessoa)
                papeis[pessoa] = []
                infracoes[pessoa] = []
            if papel not in papeis[pessoa]:
                papeis[pessoa].append(papel)
            infracoes[pessoa].append(Imputacao(n, codigo, papel, fundamentos))
    return tuple(
        Responsavel(
            pessoa=p,
            papeis=tuple(x for x in PAPEIS_DA_INSPECAO if x in papeis[p]),
            infracoes=tuple(infracoes[p]),
        )
        for p in ordem
    )


def responsavel_de(decisao: Sequence[Responsavel[K]], pessoa: K) -> Responsavel[K] | None:
    """A entrada de `pessoa` na decisão, ou None se ela não responde por nada."""
    return next((r for r in decisao if r.pessoa == pessoa), None)
