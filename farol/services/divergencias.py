"""O que foi digitado diferente do cadastro: nada se perde.

A pessoa do CPF/CNPJ e a embarcação da inscrição que já estão no cadastro não mudam com o que
se digita ao registrar uma inspeção ou ao abrir um procedimento (a correção do cadastro tem o
seu caminho, com motivo e histórico: `farol.services.cadastro`). O que difere dele fica
anotado, `[{campo, rotulo, cadastro, informado}]`: na inspeção (`inspecao.divergencias`) e no
processo aberto sem inspeção (`processo.divergencias`), e aparece no resultado e na página do
processo. Só o que foi informado conta: um campo em branco não difere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento
from farol.domain.texto import normalizar_busca
from farol.services import acessos
from farol.store.orm import Embarcacao, Pessoa

if TYPE_CHECKING:  # os modelos dos pedidos estão em inspecoes, que importa este módulo
    from farol.services.inspecoes import DadosEmbarcacao, DadosPessoa
    from farol.services.jurisdicao import Ator

Divergencia = dict[str, str]
NAO_INFORMADO = "não informado"


def difere(informado: str, cadastro: str) -> bool:
    """Diferença que importa: não a de acentos, maiúsculas ou espaços ("Mare  mansa")."""
    return normalizar_busca(informado) != normalizar_busca(cadastro)


def _digitos(telefone: str) -> str:
    """O telefone sem a formatação: "(48) 3222-0000" e "48 32220000" são o mesmo."""
    return "".join(c for c in telefone if c.isdigit())


def pessoa_texto(nome: str, documento: str) -> str:
    return f"{nome} ({formatar_documento(documento)})"


def _anotar(campo: str, rotulo: str, cadastro: str | None, informado: str) -> Divergencia:
    return {
        "campo": campo,
        "rotulo": rotulo,
        "cadastro": cadastro or NAO_INFORMADO,
        "informado": informado,
    }


def da_pessoa_lida(
    s: Session, ator: Ator, papel: str, do_quem: str, dados: DadosPessoa, pessoa: Pessoa
) -> list[Divergencia]:
    """`da_pessoa`, com a leitura no registro de acesso a dados pessoais quando a divergência
    mostra o que está gravado (`acessos.CONSULTA_DIVERGENCIA`): abrir um procedimento com o
    CPF de uma pessoa de outra OM e dados quaisquer devolvia o cadastro dela sem registro
    (revisão de segurança de 2026-12-06, C)."""
    achadas = da_pessoa(papel, do_quem, dados, pessoa)
    if achadas:
        acessos.registrar_leitura(
            s, ator, pessoa.documento, pessoa.id, acessos.CONSULTA_DIVERGENCIA
        )
    return achadas


def da_pessoa(papel: str, do_quem: str, dados: DadosPessoa, pessoa: Pessoa) -> list[Divergencia]:
    """O nome e, se informados, o endereço (para onde vai o AR), o e-mail e o telefone que
    diferem do cadastro da pessoa do documento. `papel` é o campo do pedido (`proprietario`,
    `investigado` ...) e `do_quem` o rótulo ("do proprietário")."""
    documento = formatar_documento(pessoa.documento)
    achadas: list[Divergencia] = []
    if difere(dados.nome, pessoa.nome):
        achadas.append(
            _anotar(f"{papel}.nome", f"Nome {do_quem} ({documento})", pessoa.nome, dados.nome)
        )
    for campo, rotulo in (("endereco", "Endereço"), ("email", "E-mail"), ("telefone", "Telefone")):
        informado: str | None = getattr(dados, campo)
        registrado: str | None = getattr(pessoa, campo)
        if informado is None or not informado.strip():
            continue
        if campo == "telefone":
            diferente = _digitos(informado) != _digitos(registrado or "")
        else:
            diferente = difere(informado, registrado or "")
        if diferente:
            achadas.append(
                _anotar(
                    f"{papel}.{campo}",
                    f"{rotulo} {do_quem} ({documento})",
                    registrado,
                    informado.strip(),
                )
            )
    return achadas


def da_embarcacao(dados: DadosEmbarcacao, emb: Embarcacao) -> list[Divergencia]:
    """Nome, tipo, propulsão, comprimento e bandeira informados diferentes do cadastro da
    embarcação da inscrição (o proprietário é à parte: `do_proprietario`)."""
    informados = dados.model_fields_set
    achadas: list[Divergencia] = []
    if difere(dados.nome, emb.nome):
        achadas.append(_anotar("embarcacao.nome", "Nome da embarcação", emb.nome, dados.nome))
    for campo, rotulo in (("tipo", "Tipo da embarcação"), ("propulsao", "Propulsão")):
        valor, registrado = getattr(dados, campo), getattr(emb, campo)
        if valor is not None and campo in informados and difere(valor, registrado or ""):
            achadas.append(_anotar(f"embarcacao.{campo}", rotulo, registrado, valor))
    if dados.comprimento is not None and dados.comprimento != emb.comprimento:
        achadas.append(
            _anotar(
                "embarcacao.comprimento",
                "Comprimento (m)",
                None if emb.comprimento is None else f"{emb.comprimento:.2f}",
                f"{dados.comprimento:.2f}",
            )
        )
    if "estrangeira" in informados and dados.estrangeira != emb.estrangeira:
        achadas.append(
            _anotar(
                "embarcacao.estrangeira",
                "Embarcação estrangeira",
                "sim" if emb.estrangeira else "não",
                "sim" if dados.estrangeira else "não",
            )
        )
    return achadas


def do_proprietario(
    s: Session, emb: Embarcacao, dono: Pessoa, nome_informado: str
) -> list[Divergencia]:
    """O proprietário informado (`dono`) não é o inscrito da embarcação."""
    if emb.proprietario_id == dono.id:
        return []
    do_cadastro = s.get(Pessoa, emb.proprietario_id)
    assert do_cadastro is not None
    return [
        _anotar(
            "proprietario",
            "Proprietário da embarcação",
            pessoa_texto(do_cadastro.nome, do_cadastro.documento),
            pessoa_texto(nome_informado, dono.documento),
        )
    ]
